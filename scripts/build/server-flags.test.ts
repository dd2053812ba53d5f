import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm start` runs the server with Node's flags written out in package.json (its `exec node …` replaces
 * the shell, decision 091), and docs/operations.md shows that command: both must be SERVER_NODE_FLAGS,
 * which the bench, the e2e server and the cluster use, or the build measured is not the one shipped.
 */
describe("the compiled server's Node flags", () => {
  const command = `node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`;

  it('npm start runs the server with them', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toContain(`exec ${command}`);
  });

  it('docs/operations.md shows the same command', () => {
    expect(readFileSync(path.join(root, 'docs/operations.md'), 'utf8')).toContain(`\`${command}\``);
  });

  it('this Node accepts every one of them (V8 refuses a flag it does not know)', () => {
    const flags = JSON.parse(
      execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-p', 'JSON.stringify(process.execArgv)'], { encoding: 'utf8' }),
    ) as string[];
    expect(flags.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
  });
});
