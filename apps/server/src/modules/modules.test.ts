import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const areas = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const app = readFileSync(path.join(here, '../app.ts'), 'utf8');

describe('server modules: one way to wire an area', () => {
  it('every area has a module.ts, and app.ts wires each one through it', () => {
    expect(areas.length).toBeGreaterThan(10);
    const withoutModule = areas.filter((a) => !existsSync(path.join(here, a, 'module.ts')));
    expect(withoutModule, 'add modules/<area>/module.ts (create…/register…Module) for').toEqual([]);
    const notListed = areas.filter((a) => !app.includes(`from './modules/${a}/module'`));
    expect(notListed, 'import these from their module.ts in app.ts').toEqual([]);
  });

  it("app.ts reaches into no area's other files", () => {
    const deep = [...app.matchAll(/from '\.\/modules\/([\w-]+)\/([\w/-]+)'/g)].filter(([, , file]) => file !== 'module');
    expect(deep.map(([m]) => m)).toEqual([]);
  });
});
