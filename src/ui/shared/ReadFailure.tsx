/** A read that failed: its error as an alert, and the server's reason, when it gave one, underneath. */
export function ReadFailure({ error, detail, detailClass }: { error: string; detail?: string | undefined; detailClass?: string }) {
  return (
    <div>
      <p className="form-error" role="alert">
        {error}
      </p>
      {detail && <p className={detailClass ? `muted small ${detailClass}` : 'muted small'}>{detail}</p>}
    </div>
  )
}
