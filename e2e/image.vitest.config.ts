import { defineConfig } from 'vitest/config'
import journeys from './vitest.config'

// The container image's journey (scripts/image.sh test, after scripts/image.sh build): apart from
// `npm run test:e2e`, since it needs podman and a built image.
export default defineConfig({
  ...journeys,
  test: {
    ...journeys.test,
    name: 'image',
    include: ['e2e/image.journey.ts'],
    globalSetup: [],
    maxWorkers: 1,
  },
})
