/** What the diff (a sibling folder) uses of the specification layer. */
export { isObj, pointerToken, RefResolver, refTokens, type Obj } from './refs.js';
export type { SpecFormat } from './parse.js';
