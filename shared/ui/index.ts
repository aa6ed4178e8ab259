// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './Button';
export { Button } from './Button';
export type * from './Price';
export { Price } from './Price';
export type * from './Spinner';
export { Spinner } from './Spinner';
export type * from './Toast';
export { Toast } from './Toast';
export { uiCss } from './styles';
export { UI_TEXT } from './texts';
