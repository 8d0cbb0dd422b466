// Starter written by the shell helper; the entity helper replaces it with the API list.
export function ApisPage() {
  return <h1 className="text-lg font-semibold">APIs</h1>;
}
