/** A PDF worker that cannot start (as a missing font or a broken install would stop it): it throws as it loads. */
throw new Error('the PDF worker cannot start');
