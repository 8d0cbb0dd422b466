import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from './server-events';

const serverSource = join(import.meta.dirname, '../../../src');

/** The member names of every `interface EventMap` in the server's sources (its declaration merges). */
function serverEventNames(): string[] {
  const names = new Set<string>();
  const files = readdirSync(serverSource, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = readFileSync(join(serverSource, file), 'utf8');
    if (!text.includes('interface EventMap')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'EventMap')
        for (const member of node.members) if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) names.add(member.name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...names].sort();
}

describe("the portal's list of server events", () => {
  it("is the server's EventMap, name for name", () => {
    expect([...SERVER_EVENTS].sort()).toEqual(serverEventNames());
  });
});
