import type { WordPressSite } from './wordpress-site';

/**
 * Images in the Media Library, made in PHP with GD while "on upload" is off (so none is queued):
 * `withoutAlt` of them with no alt text, then one with `poorAlt` and one with `goodAlt`. Each is a
 * different colour, so each is a different image to Altwise.
 */
export function seedBackfillImages(wp: WordPressSite, { withoutAlt, poorAlt, goodAlt }: { withoutAlt: number; poorAlt: string; goodAlt: string }): void {
  wp.php(`
    Altwise_Settings::update(array('on_upload' => false));
    $alts = array(${withoutAlt} => ${phpString(poorAlt)}, ${withoutAlt + 1} => ${phpString(goodAlt)});
    for ($n = 0; $n < ${withoutAlt + 2}; $n++) {
      $f = wp_upload_dir()['path'] . "/backfill-$n.png"; $i = imagecreatetruecolor(48, 32);
      imagefill($i, 0, 0, imagecolorallocate($i, (7 * $n) % 256, (13 * $n + 40) % 256, (29 * $n + 90) % 256)); imagepng($i, $f);
      $id = wp_insert_attachment(array('post_title' => "Backfill $n", 'post_mime_type' => 'image/png', 'post_status' => 'inherit'), $f);
      wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $f));
      if (isset($alts[$n])) update_post_meta($id, '_wp_attachment_image_alt', $alts[$n]);
    }
    Altwise_Settings::update(array('on_upload' => true));`);
}

/** How many Media Library images have exactly this alt text. */
export function attachmentsWithAlt(wp: WordPressSite, alt: string): number {
  return Number(
    wp.php(`echo count(get_posts(array('post_type' => 'attachment', 'post_status' => 'inherit', 'numberposts' => -1, 'meta_key' => '_wp_attachment_image_alt', 'meta_value' => ${phpString(alt)})));`),
  );
}

/** A PHP single-quoted string literal of `text`. */
const phpString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
