// drizzle-kit: `npm run db:generate` writes a migration for every change of src/db/schema/.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
