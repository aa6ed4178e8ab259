// `?raw` imports give a file's text (webpack asset/source, Vite's ?raw in unit tests).
declare module '*.css?raw' {
  const text: string;
  export default text;
}
