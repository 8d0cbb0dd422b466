import { describe, expect, it } from 'vitest';
import { buildTopology, findNodes, neighbours } from './topology-model';

const node = (address: string, type: string) => ({
  address,
  type,
  provider: 'cloud_a',
  name: address.split('.').pop()!,
});

describe('topology model', () => {
  const model = buildTopology({
    nodes: [
      node('cloud_a_subnet.b', 'cloud_a_subnet'),
      node('cloud_a_vpc.main', 'cloud_a_vpc'),
      node('cloud_a_subnet.a', 'cloud_a_subnet'),
    ],
    edges: [
      { source: 'cloud_a_subnet.a', target: 'cloud_a_vpc.main' },
      { source: 'cloud_a_subnet.b', target: 'cloud_a_vpc.main' },
      { source: 'cloud_a_subnet.b', target: 'gone.resource' },
    ],
  });

  it('orders nodes by type then address and indexes the edges', () => {
    expect(model.nodes.map((n) => n.address)).toEqual(['cloud_a_subnet.a', 'cloud_a_subnet.b', 'cloud_a_vpc.main']);
    expect([...model.edges]).toEqual([0, 2, 1, 2]);
    expect(model.dangling).toBe(1);
  });

  it('lists both directions of a node', () => {
    expect(neighbours(model, 2)).toEqual({ dependsOn: [], dependents: [0, 1] });
    expect(neighbours(model, 0)).toEqual({ dependsOn: [2], dependents: [] });
  });

  it('finds nodes by address or type', () => {
    expect(findNodes(model, 'SUBNET')).toEqual([0, 1]);
    expect(findNodes(model, 'vpc.main')).toEqual([2]);
    expect(findNodes(model, '  ')).toEqual([]);
  });
});
