// Tests read text files (the README) as Vite's `?raw` imports: core's sources have no Node types.
declare module '*?raw' {
  const text: string;
  export default text;
}
