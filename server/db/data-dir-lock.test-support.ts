import { lockDataDir } from './data-dir-lock'

// Run as a process by data-dir-lock.test.ts: holds the lock on the folder it is given, as a server does,
// until it is killed.
if (process.argv[2]) {
  lockDataDir(process.argv[2])
  setInterval(() => {}, 60_000)
}
