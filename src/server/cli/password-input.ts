/** Reads a password: typed at a hidden prompt on a terminal, or the first line of piped stdin. */
export async function readPassword(prompt: string, confirm: boolean): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin();
  const password = await hiddenPrompt(prompt);
  if (confirm && (await hiddenPrompt('Repeat the password: ')) !== password) throw new Error('The passwords differ.');
  return password;
}

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0];
}

/** The terminal in raw mode, so the typed characters are not echoed. */
function hiddenPrompt(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}
