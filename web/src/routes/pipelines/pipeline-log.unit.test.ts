import { describe, expect, it } from 'vitest';
import { LogBuffer, matchRanges, splitLogs, stripAnsi } from './pipeline-log';

describe('LogBuffer (decision 720)', () => {
  it('appends live lines after the lines read with the run, dropping duplicates', () => {
    const b = new LogBuffer();
    expect(b.addLive(0, 'a')).toBe('appended');
    expect(b.addLive(1, 'b')).toBe('appended');
    expect(b.setSnapshot('a\nb\nc\n')).toBe(true);
    expect(b.lines).toEqual(['a', 'b', 'c']);
    expect(b.addLive(2, 'c')).toBe('duplicate');
    expect(b.addLive(3, 'd')).toBe('appended');
    expect(b.lines).toEqual(['a', 'b', 'c', 'd']);
  });

  it('holds lines that arrive ahead of missing ones until a read fills the gap', () => {
    const b = new LogBuffer();
    b.setSnapshot('a\n');
    expect(b.addLive(3, 'd')).toBe('gap');
    expect(b.addLive(4, 'e')).toBe('gap');
    expect(b.hasGap).toBe(true);
    expect(b.lines).toEqual(['a']);
    b.setSnapshot('a\nb\nc\n');
    expect(b.hasGap).toBe(false);
    expect(b.lines).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('ignores a read older than the live lines, and keeps live lines beyond a newer one', () => {
    const b = new LogBuffer();
    b.setSnapshot('a\n');
    b.addLive(1, 'b');
    b.addLive(2, 'c');
    expect(b.setSnapshot('a\nb\n')).toBe(false);
    expect(b.lines).toEqual(['a', 'b', 'c']);
    b.addLive(4, 'e');
    expect(b.setSnapshot('a\nb\nc\nd\n')).toBe(true);
    expect(b.lines).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('takes the final read as the record (lines written without a live event, e.g. "cancelled by")', () => {
    const b = new LogBuffer();
    b.addLive(0, 'a');
    b.setSnapshot('a\n[hangar] cancelled by admin\n');
    expect(b.lines).toEqual(['a', '[hangar] cancelled by admin']);
  });

  it('finds lines by their text without ANSI sequences, and gives the text for download', () => {
    const b = new LogBuffer();
    b.setSnapshot('\u001b[31mred alert\u001b[0m\nplain\nRED again\n');
    expect(b.find('red')).toEqual([0, 2]);
    expect(b.find('red', 1)).toEqual([2]);
    expect(b.find('')).toEqual([]);
    expect(b.text()).toBe('red alert\nplain\nRED again\n');
  });
});

describe('log helpers', () => {
  it('splits logs into lines', () => {
    expect(splitLogs('')).toEqual([]);
    expect(splitLogs('a\n\nb\n')).toEqual(['a', '', 'b']);
    expect(splitLogs('a\nb')).toEqual(['a', 'b']);
  });
  it('strips colour and OSC sequences', () => {
    expect(stripAnsi('\u001b[1;32mok\u001b[0m \u001b]0;title\u0007done')).toBe('ok done');
  });
  it('finds every occurrence, case-insensitively', () => {
    expect(matchRanges('Line line', 'line')).toEqual([
      [0, 4],
      [5, 9],
    ]);
  });
});

describe('LogBuffer reads', () => {
  it('splits only what is new when the read agrees, keeping the same lines array (search goes on from there)', () => {
    const b = new LogBuffer();
    b.addLive(0, 'one');
    b.addLive(1, 'two');
    const held = b.lines;
    expect(b.setSnapshot('one\ntwo\nthree\n')).toBe(true);
    expect(b.lines).toBe(held);
    expect(b.lines).toEqual(['one', 'two', 'three']);
    expect(b.setSnapshot('one\ntwo\nthree\n')).toBe(false);
  });
  it('replaces the lines when the read disagrees with them (the server is the record)', () => {
    const b = new LogBuffer();
    b.addLive(0, 'one');
    b.addLive(1, 'two');
    expect(b.setSnapshot('one\n[hangar] cancelled by admin\ntwo\n')).toBe(true);
    expect(b.lines).toEqual(['one', '[hangar] cancelled by admin', 'two']);
  });
});
