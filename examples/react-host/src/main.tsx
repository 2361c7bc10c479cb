import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// No StrictMode: in development it mounts effects twice, and an embed token is single use (the second iframe
// would be refused with EMBED_TOKEN_USED).
createRoot(root).render(<App />);
