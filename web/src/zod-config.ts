import { z } from 'zod';

// Imported first by main.tsx, before any schema is built: zod would otherwise probe `new Function` to
// compile fast parsers, which the gateway's Content-Security-Policy (no 'unsafe-eval') blocks and reports
// on every page. The interpreted parsers are plenty for the app's small payloads.
z.config({ jitless: true });
