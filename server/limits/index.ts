// Limits that hold across server processes (counted in the database).
export * from './counter';
export * from './mail';
export * from './lease';
