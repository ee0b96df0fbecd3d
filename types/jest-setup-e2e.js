// Journeys start real processes, build a remote and drive Chromium: minutes, not seconds.
jest.setTimeout(180_000);
