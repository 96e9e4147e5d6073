// `npm run docs:config`: prints the README's configuration table, generated from the variables
// declared in src/server/config.ts. Paste it into the README's "Configuration" section; a test
// fails while the two differ.
import { configMarkdownTable } from '../src/server/config.ts';

process.stdout.write(configMarkdownTable());
