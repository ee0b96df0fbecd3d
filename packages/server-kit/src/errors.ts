// Domain code throws these; the app factory's onError turns them into `{ message }` + status.
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
    message: string,
    /** Extra fields sent next to `message` (e.g. the current issue on a 409). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
export class Invalid extends HttpError {
  constructor(message: string, body?: Record<string, unknown>) {
    super(400, message, body);
  }
}
export class Unauthorized extends HttpError {
  constructor(message: string) {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string, body?: Record<string, unknown>) {
    super(409, message, body);
  }
}
export class TooManyRequests extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}
