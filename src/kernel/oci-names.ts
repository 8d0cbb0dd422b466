/**
 * The repository-name grammar of the OCI distribution specification: lower-case path components of
 * `[a-z0-9]+` joined by `.`, `_`, `__` or dashes, separated by `/` (decision 205). Names such as
 * `..`, `a/../../x` or `-x` cannot be built into a registry path by any adapter. Shared by the registry
 * module's input checks and the OCI adapter's paths (decision 1055).
 */
const OCI_NAME = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*)*$/;
export const isRepositoryName = (name: string) => name.length <= 255 && OCI_NAME.test(name);
