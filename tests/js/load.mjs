// The pure parts of the browser's scripts, loaded as Node loads a CommonJS file: each
// script sets `module.exports` when it finds `module`, and stops before touching the page.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function script(name) {
  return require(`../../static/js/${name}`);
}
