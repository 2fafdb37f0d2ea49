import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractFiles } from './document.ts';

// `npm run contract`: rewrites the committed contract from the code; a test fails when they differ.
for (const [name, text] of Object.entries(contractFiles())) {
  writeFileSync(join(import.meta.dirname, name), text);
  console.log(`store-api/contract/${name}`);
}
