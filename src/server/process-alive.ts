/**
 * Whether a process with this id runs on this machine: signal 0 checks without sending. EPERM
 * means it runs under another user. Used to tell a live process's files (the embedded database's
 * lock, the outbox's temporary files) from those a crashed one left behind.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
