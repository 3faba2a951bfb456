import harbour from '../images/harbour.png';
import { teamPhoto } from './photos';

export function Hero({ avatar }) {
  return (
    <section className="hero">
      <h2>Welcome aboard</h2>
      <img src={harbour} className="hero-image" />
      <img
        src="../images/team.png"
        width={320}
      />
      <img src={teamPhoto} />
      <img src={avatar.url} alt={avatar.name} />
      <img src="../images/divider.png" alt="" />
    </section>
  );
}
