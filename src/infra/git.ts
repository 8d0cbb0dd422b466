/**
 * Compatibility entry point: git lives in src/integrations/git/ (port, adapter, fake, URL policy).
 * Modules keep importing `GitError`, `withTempDir` and the `Git` type from here or from there.
 */
export { GitError, GitUrlRefused, type Git } from '../integrations/git/git.port.js';
export { createGit, withTempDir } from '../integrations/git/git.adapter.js';
export { assertGitUrl } from '../integrations/git/url-policy.js';
