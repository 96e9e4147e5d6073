// Each script of the browser's asks V8 (Chrome, Edge, Android's browsers) to compile all its
// functions as it downloads, on a thread of its own, rather than each one on the page's thread
// the first time it runs. A script of the app is code its page runs at once (the first load starts
// and hydrates the page; a page's chunk draws it): compiled lazily, that compiling was about half
// of the page's longest tasks on a slowed phone (decision 064). Other engines read a comment.
// https://v8.dev/blog/explicit-compile-hints
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** V8's magic comment: compile every function of this file eagerly, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // Once the files are written: V8 reads the comment only at the top of a file, and Vite adds
    // its list of a chunk's dependencies (__vite__mapDeps) at the top after every generateBundle.
    writeBundle({ dir }, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') {
          const path = join(dir!, file.fileName);
          writeFileSync(path, `${COMPILE_HINT}\n${readFileSync(path, 'utf8')}`);
        }
    },
  };
}
