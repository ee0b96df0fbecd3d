/** The first administrator every test back end is started with (in-process or real processes). */
export const ADMIN = { email: 'admin@example.test', password: 'admin-password-1' };
