/** A one-line status in the middle of the page, with an optional action. */
export function CenteredMessage(props: { message: string; action?: { label: string; onClick: () => void } | undefined }) {
  return (
    <main className="centered" aria-live="polite">
      <p>{props.message}</p>
      {props.action ? (
        <button type="button" onClick={props.action.onClick}>
          {props.action.label}
        </button>
      ) : null}
    </main>
  );
}
