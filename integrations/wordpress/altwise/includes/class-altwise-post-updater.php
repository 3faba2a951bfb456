<?php
/**
 * Carries an attachment's new alt text into the posts that show it. Changing an attachment's alt
 * does not change the `<img>` tags already saved in post content, so accepted alt text would never
 * reach published pages without this. An `<img>` is the attachment's when its class has
 * `wp-image-<id>` or its src is one of the attachment's files (any generated size). As the element
 * model judges it (Altwise_Element_Rules): a hidden or presentational image is decorative and left
 * alone; an image is given the new alt only when it has no accessible name, an empty alt (WordPress
 * saves alt="" for an image nobody described), the attachment's previous alt, or a placeholder for a
 * name (F30: "image", "Foto 3", "IMG_2041", a file name). A name a person gave it in that post (alt,
 * aria-label, aria-labelledby, title) is never touched; nor is a placeholder aria-label or
 * aria-labelledby: it outranks alt, so a new alt would change nothing a screen reader says.
 */
class Altwise_Post_Updater {
	/** An <img> tag, with quoted attribute values that may contain ">". */
	const IMG_TAG = '/<img\b(?:[^>"\']|"[^"]*"|\'[^\']*\')*>/i';
	/** One attribute: name, then an optional double-, single- or un-quoted value. */
	const ATTRIBUTE = '/([^\s"\'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s"\'>]+)))?/';

	/**
	 * @param string   $html    Post content.
	 * @param int      $attachment_id
	 * @param string[] $urls    The attachment's file URLs (original, sizes), matched size-insensitively.
	 * @param string   $new_alt
	 * @param string   $old_alt The attachment's alt before the change ('' when it had none).
	 * @return array{0:string,1:int} The content and how many tags changed.
	 */
	public static function update_html( $html, $attachment_id, array $urls, $new_alt, $old_alt ) {
		$changed = 0;
		$keys    = array_filter( array_map( array( __CLASS__, 'url_key' ), $urls ) );
		$html    = (string) $html;
		$result  = preg_replace_callback(
			self::IMG_TAG,
			function ( $match ) use ( $attachment_id, $keys, $new_alt, $old_alt, $html, &$changed ) {
				$tag        = $match[0];
				$attributes = self::attributes( $tag );
				if ( ! self::is_attachment_tag( $attributes, $attachment_id, $keys ) ) {
					return $tag;
				}
				if ( null !== Altwise_Element_Rules::presentation( $attributes ) ) {
					return $tag; // Decorative (aria-hidden, role="presentation"/"none"): nothing to name.
				}
				if ( ! self::replaceable( Altwise_Element_Rules::accessible_name( $attributes, $html ), $old_alt ) ) {
					return $tag; // This post's own name, given by a person.
				}
				$alt = isset( $attributes['alt'] ) ? trim( html_entity_decode( $attributes['alt']['value'], ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ) : '';
				if ( $alt === trim( (string) $new_alt ) && isset( $attributes['alt'] ) ) {
					return $tag;
				}
				++$changed;
				return self::with_alt( $tag, $attributes, $new_alt );
			},
			$html
		);
		return array( null === $result ? $html : $result, $changed );
	}

	/**
	 * Whether the new alt may take the place of the image's accessible name: there is none, or it is
	 * an empty alt, the attachment's previous alt, or a placeholder alt or title. A name from
	 * aria-label or aria-labelledby outranks alt: a new alt would not be heard, so it is not written.
	 *
	 * @param array{name:?string,source:?string} $name
	 */
	private static function replaceable( array $name, $old_alt ) {
		switch ( $name['source'] ) {
			case null:
				return true;
			case 'alt':
				$alt = trim( $name['name'] );
				return '' === $alt || trim( (string) $old_alt ) === $alt || Altwise_Element_Rules::is_placeholder( $alt );
			case 'title':
				return Altwise_Element_Rules::is_placeholder( $name['name'] );
			default:
				return false;
		}
	}

	/**
	 * Updates (or, with $dry_run, counts) the posts whose content would change, among those the
	 * current user may edit. Only the alt attributes change: the rest of the content is kept byte for
	 * byte (no content filter runs over another person's post).
	 *
	 * @return int Posts changed (or that would change).
	 */
	public static function update_posts( $attachment_id, $new_alt, $old_alt, $dry_run ) {
		global $wpdb;
		$attachment_id = (int) $attachment_id;
		$urls          = self::attachment_urls( $attachment_id );
		$like_class    = '%' . $wpdb->esc_like( 'wp-image-' . $attachment_id ) . '%';
		$file          = get_post_meta( $attachment_id, '_wp_attached_file', true );
		$stem          = $file ? preg_replace( '/\.[a-z0-9]+$/i', '', basename( $file ) ) : '';
		$like_file     = '' !== $stem ? '%' . $wpdb->esc_like( $stem ) . '%' : $like_class;
		$rows          = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT ID, post_content FROM {$wpdb->posts}
				 WHERE post_type NOT IN ('revision', 'attachment', 'nav_menu_item')
				   AND post_status IN ('publish', 'future', 'draft', 'pending', 'private')
				   AND (post_content LIKE %s OR post_content LIKE %s)",
				$like_class,
				$like_file
			)
		);
		$count = 0;
		foreach ( $rows as $row ) {
			if ( ! current_user_can( 'edit_post', (int) $row->ID ) ) {
				continue;
			}
			list( $content, $changed ) = self::update_html( $row->post_content, $attachment_id, $urls, $new_alt, $old_alt );
			if ( 0 === $changed ) {
				continue;
			}
			++$count;
			if ( ! $dry_run ) {
				$wpdb->update( $wpdb->posts, array( 'post_content' => $content ), array( 'ID' => (int) $row->ID ) );
				clean_post_cache( (int) $row->ID );
			}
		}
		return $count;
	}

	/** The URLs of the attachment's files: the original and every generated size. */
	public static function attachment_urls( $attachment_id ) {
		$urls = array();
		$full = wp_get_attachment_url( $attachment_id );
		if ( $full ) {
			$urls[] = $full;
		}
		$meta = wp_get_attachment_metadata( $attachment_id );
		if ( $full && is_array( $meta ) && ! empty( $meta['sizes'] ) ) {
			foreach ( $meta['sizes'] as $size ) {
				if ( ! empty( $size['file'] ) ) {
					$urls[] = dirname( $full ) . '/' . $size['file'];
				}
			}
		}
		if ( $full && is_array( $meta ) && ! empty( $meta['original_image'] ) ) {
			$urls[] = dirname( $full ) . '/' . $meta['original_image'];
		}
		return $urls;
	}

	/**
	 * A URL reduced to what identifies the file across sizes: path without the "-300x200" or
	 * "-scaled" suffix WordPress gives generated sizes, without query, scheme or host (a post saved
	 * under http:// or another domain alias still matches).
	 */
	public static function url_key( $url ) {
		$path = wp_parse_url( html_entity_decode( (string) $url, ENT_QUOTES, 'UTF-8' ), PHP_URL_PATH );
		if ( ! is_string( $path ) || '' === $path ) {
			return '';
		}
		return strtolower( preg_replace( '/(-\d+x\d+|-scaled)(?=\.[a-z0-9]+$)/i', '', $path ) );
	}

	private static function is_attachment_tag( array $attributes, $attachment_id, array $keys ) {
		if ( isset( $attributes['class'] ) ) {
			$classes = preg_split( '/\s+/', $attributes['class']['value'] );
			if ( in_array( 'wp-image-' . (int) $attachment_id, $classes, true ) ) {
				return true;
			}
		}
		if ( isset( $attributes['src'] ) ) {
			$key = self::url_key( $attributes['src']['value'] );
			return '' !== $key && in_array( $key, $keys, true );
		}
		return false;
	}

	/** Attributes by lower-case name: value and where the whole attribute sits in the tag. */
	private static function attributes( $tag ) {
		$attributes = array();
		$inner      = substr( $tag, 4 ); // After "<img".
		if ( preg_match_all( self::ATTRIBUTE, $inner, $matches, PREG_SET_ORDER | PREG_OFFSET_CAPTURE ) ) {
			foreach ( $matches as $match ) {
				$name = strtolower( $match[1][0] );
				if ( isset( $attributes[ $name ] ) ) {
					continue; // HTML keeps the first of duplicated attributes.
				}
				$value = '';
				foreach ( array( 2, 3, 4 ) as $group ) {
					if ( isset( $match[ $group ] ) && -1 !== $match[ $group ][1] ) {
						$value = $match[ $group ][0];
						break;
					}
				}
				$attributes[ $name ] = array(
					'value'  => $value,
					'offset' => 4 + $match[0][1],
					'length' => strlen( $match[0][0] ),
				);
			}
		}
		return $attributes;
	}

	private static function with_alt( $tag, array $attributes, $alt ) {
		$attribute = 'alt="' . htmlspecialchars( (string) $alt, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) . '"';
		if ( isset( $attributes['alt'] ) ) {
			return substr_replace( $tag, $attribute, $attributes['alt']['offset'], $attributes['alt']['length'] );
		}
		return substr( $tag, 0, 4 ) . ' ' . $attribute . substr( $tag, 4 ); // "<IMG" stays as written.
	}
}
