import { FakeGatekeeper } from '../fakes/ports/admission.fake.js';
import { admissionContract, TEMPLATE, VIOLATIONS } from './admission.contract.js';

admissionContract('in-memory fake', async () => {
  const installed = new FakeGatekeeper();
  installed.installed = true;
  installed.templates = [{ ...TEMPLATE, createdAt: null }];
  installed.violationList = [...VIOLATIONS].reverse();
  return { installed, absent: new FakeGatekeeper() };
});
