/** A progress bar on a TTY, plain lines (every 10%) otherwise. */
export class Progress {
  private lastDecile = -1;

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  update(stage: string, done: number, total: number): void {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    if (this.out.isTTY) {
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      this.out.write(
        `\r${stage.padEnd(6)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${String(pct).padStart(3)}% ${done}/${total}`,
      );
      if (done >= total) this.out.write('\n');
      return;
    }
    const decile = Math.floor(pct / 10);
    if (decile !== this.lastDecile || done >= total) {
      this.lastDecile = decile;
      this.out.write(`${stage}: ${done}/${total} (${pct}%)\n`);
    }
  }

  reset(): void {
    this.lastDecile = -1;
  }
}
