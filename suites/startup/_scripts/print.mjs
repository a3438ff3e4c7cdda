console.log('hello from parity');
