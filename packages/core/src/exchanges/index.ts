export { outsideRefs } from './outside-refs.ts';
