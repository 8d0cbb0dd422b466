import { useState } from 'react';

export function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>{{APP_NAME}}</h1>
      <p>Scaffolded by Hangar. Edit src/App.tsx and save to reload.</p>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        clicked {count} times
      </button>
    </main>
  );
}
