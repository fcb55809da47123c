import { Link } from 'react-router-dom';

/** A signed-in operator on a path no bill type owns. */
export function NotFound() {
  return (
    <section className="card not-found">
      <h1>Page not found</h1>
      <p>There is no screen at this address. Choose a bill from the Create Bill or View Bill menu.</p>
      <Link to="/">Go to the start page</Link>
    </section>
  );
}
