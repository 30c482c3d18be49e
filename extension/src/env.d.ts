/// <reference types="chrome" />
/** The content script's stylesheets arrive as text, for its shadow root. */
declare module '*.css' {
  const text: string;
  export default text;
}
