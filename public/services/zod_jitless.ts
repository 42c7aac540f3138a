/**
 * Zod without code generation in the browser. Zod compiles object parsers with `new Function`
 * and first probes whether it may; under a CSP without `'unsafe-eval'` (OSD's strict mode, and
 * the standalone host) that probe is reported as a `securitypolicyviolation` even though zod
 * catches it. Jitless mode parses the same way without either. Zod decides when a schema is
 * built, so this module is imported first by each browser entry (public/index.ts,
 * public/standalone.tsx), before any module that builds a schema.
 */
import * as z from 'zod';

z.config({ jitless: true });
