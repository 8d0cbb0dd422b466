/**
 * Which marked nodes each node of a directed graph reaches (itself included), for graphs full of
 * cycles: Stripe-shaped schemas reach almost every other schema through expandable fields, so a
 * walk per operation would visit the whole graph thousands of times. The strongly connected
 * components (Tarjan, iterative) share one answer; answers are built once per component, in
 * reverse topological order, from those of the components it links to.
 */
export function reachableMarked(nodes: number, edges: number[][], marked: boolean[]): number[][] {
  const index = new Int32Array(nodes).fill(-1);
  const low = new Int32Array(nodes);
  const onStack = new Uint8Array(nodes);
  const component = new Int32Array(nodes).fill(-1);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < nodes; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length) {
      const frame = work[work.length - 1]!;
      const [v, i] = frame;
      if (i === 0) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
      }
      const out = edges[v]!;
      if (i < out.length) {
        frame[1]++;
        const w = out[i]!;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[v]!);
      }
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = components.length;
          members.push(w);
        } while (w !== v);
        components.push(members);
      }
    }
  }
  // Tarjan emits components in reverse topological order: successors come first.
  const answers: number[][] = [];
  for (let c = 0; c < components.length; c++) {
    const set = new Set<number>();
    for (const v of components[c]!) {
      if (marked[v]) set.add(v);
      for (const w of edges[v]!) {
        const cw = component[w]!;
        if (cw !== c) for (const x of answers[cw]!) set.add(x);
      }
    }
    answers.push([...set]);
  }
  return Array.from({ length: nodes }, (_, v) => answers[component[v]!]!);
}
