export { resolveOrganizationContext } from './organizations.context.js';
