/** `import text from '…?raw'`: the file's content as a string (Vite in tests, rawTextImports.mjs in builds). */
declare module '*?raw' {
  const text: string;
  export default text;
}
