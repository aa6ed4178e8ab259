// This folder. The server runs as CommonJS everywhere (tsx, Jest; package.json has no "type").
export const SERVER_DIR: string = __dirname;
