import { FakeLinkerd } from '../fakes/ports/mesh-two.fake.js';
import { meshTwoContract } from './mesh-two.contract.js';

meshTwoContract('in-memory fake', async () => {
  const installed = new FakeLinkerd();
  installed.availabilityValue = { available: true };
  installed.serverAuthorizations = [
    { name: 'emoji-grpc', namespace: 'emojivoto', server: 'emoji-grpc', clients: ['web'] },
  ];
  return { installed, absent: new FakeLinkerd(), ref: { kind: 'default' } };
});
