import { Link } from '../components/link.tsx';
import { H5Face } from './face.tsx';

/** A lecturer in a phone's list: portrait (or the name's first character), name, position and one more line. */
export function H5PersonRow(props: { to: string; name: string; headImgUrl: string; position: string; note: string }) {
  return (
    <Link to={props.to} className="h5-person-row">
      <H5Face src={props.headImgUrl} name={props.name} />
      <span className="h5-person-row__text">
        <strong>{props.name}</strong>
        {props.position ? <span className="h5-muted">{props.position}</span> : null}
        <span className="h5-muted">{props.note}</span>
      </span>
    </Link>
  );
}
