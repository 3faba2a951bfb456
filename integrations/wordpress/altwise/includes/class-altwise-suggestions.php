<?php
/**
 * Suggestions: what Altwise proposed for an attachment, kept in post meta until a person accepts,
 * edits or rejects it. Accepting writes `_wp_attachment_image_alt` (and, when asked, the `<img>` tags
 * of posts that show the image without an alt of their own).
 */
class Altwise_Suggestions {
	const META          = '_altwise_suggestion';
	const REJECTED_META = '_altwise_rejected';
	const CHECK_META    = '_altwise_check';
	const ALT_META      = '_wp_attachment_image_alt';

	/** The kinds of claim several readings can disagree on (verify), as a person reads them. */
	public static function claim_kinds() {
		return array(
			'count'   => __( 'Count', 'altwise' ),
			'colour'  => __( 'Colour', 'altwise' ),
			'text'    => __( 'Text in the image', 'altwise' ),
			'object'  => __( 'Object', 'altwise' ),
			'action'  => __( 'Action', 'altwise' ),
			'setting' => __( 'Setting', 'altwise' ),
		);
	}

	/**
	 * Stores a result of the API as the attachment's suggestion, or publishes it when the site chose
	 * "publish without review" — never a draft (a server without a vision model wrote it from
	 * measurements alone), and never over an alt a person wrote meanwhile.
	 *
	 * @param array  $result An Altwise result: altText, verification, wcagCompliant, issues, and with
	 *                       verify samples and uncertain (what the readings disagree on).
	 * @param string $source upload | backfill.
	 * @return string published | suggested | skipped
	 */
	public static function receive( $attachment_id, array $result, $source, $language = null ) {
		$attachment_id = (int) $attachment_id;
		$text          = isset( $result['altText'] ) ? trim( (string) $result['altText'] ) : '';
		if ( '' === $text || ! get_post( $attachment_id ) ) {
			return 'skipped';
		}
		$current      = self::current_alt( $attachment_id );
		$replaces_old = 'backfill' === $source ? (string) get_post_meta( $attachment_id, '_altwise_backfill_old_alt', true ) : '';
		// A person wrote an alt while we were asking: theirs stands.
		if ( '' !== $current && $current !== $replaces_old ) {
			return 'skipped';
		}
		$verification = isset( $result['verification'] ) ? (string) $result['verification'] : 'draft';
		$suggestion   = array(
			'text'          => $text,
			'verification'  => $verification,
			'wcagCompliant' => ! empty( $result['wcagCompliant'] ),
			'issues'        => self::issues( isset( $result['issues'] ) ? $result['issues'] : array() ),
			'samples'       => isset( $result['samples'] ) ? max( 1, (int) $result['samples'] ) : null,
			'uncertain'     => self::uncertain( isset( $result['uncertain'] ) ? $result['uncertain'] : array() ),
			'source'        => $source,
			'oldAlt'        => $current,
			'language'      => $language,
			'createdAt'     => gmdate( 'c' ),
		);
		// Readings that disagree wait for a person whatever the mode: the alt may state a guess.
		$publish = Altwise_Settings::MODE_PUBLISH === Altwise_Settings::get( 'mode' )
			&& 'model' === $verification
			&& array() === $suggestion['uncertain']
			&& '' === $current;
		if ( $publish ) {
			update_post_meta( $attachment_id, self::ALT_META, wp_slash( $text ) );
			delete_post_meta( $attachment_id, self::META );
			return 'published';
		}
		update_post_meta( $attachment_id, self::META, $suggestion );
		return 'suggested';
	}

	public static function get( $attachment_id ) {
		$suggestion = get_post_meta( (int) $attachment_id, self::META, true );
		return is_array( $suggestion ) && isset( $suggestion['text'] ) ? $suggestion : null;
	}

	public static function current_alt( $attachment_id ) {
		return trim( (string) get_post_meta( (int) $attachment_id, self::ALT_META, true ) );
	}

	/**
	 * Accepts the suggestion (or the person's edit of it) as the attachment's alt text.
	 *
	 * @return array|WP_Error { altText, postsUpdated }
	 */
	public static function accept( $attachment_id, $edited_text = null, $update_posts = false ) {
		$attachment_id = (int) $attachment_id;
		$suggestion    = self::get( $attachment_id );
		if ( ! $suggestion ) {
			return new WP_Error( 'altwise_no_suggestion', 'This image has no suggestion waiting.', array( 'status' => 404 ) );
		}
		$text = null === $edited_text ? $suggestion['text'] : trim( wp_strip_all_tags( (string) $edited_text ) );
		if ( '' === $text ) {
			return new WP_Error( 'altwise_empty', 'Alt text cannot be empty.', array( 'status' => 400 ) );
		}
		$old_alt = self::current_alt( $attachment_id );
		update_post_meta( $attachment_id, self::ALT_META, wp_slash( $text ) );
		delete_post_meta( $attachment_id, self::META );
		delete_post_meta( $attachment_id, self::REJECTED_META );
		delete_post_meta( $attachment_id, '_altwise_backfill_old_alt' );
		update_post_meta( $attachment_id, self::CHECK_META, array( 'alt' => $text, 'ok' => true, 'reviewed' => true ) );
		$updated = 0;
		if ( $update_posts ) {
			$updated = Altwise_Post_Updater::update_posts( $attachment_id, $text, $old_alt, false );
		}
		return array(
			'altText'      => $text,
			'postsUpdated' => $updated,
		);
	}

	/** Drops the suggestion; the image is not suggested again by a backfill unless asked anew. */
	public static function reject( $attachment_id ) {
		$attachment_id = (int) $attachment_id;
		if ( ! self::get( $attachment_id ) ) {
			return new WP_Error( 'altwise_no_suggestion', 'This image has no suggestion waiting.', array( 'status' => 404 ) );
		}
		delete_post_meta( $attachment_id, self::META );
		delete_post_meta( $attachment_id, '_altwise_backfill_old_alt' );
		update_post_meta( $attachment_id, self::REJECTED_META, gmdate( 'c' ) );
		return array( 'rejected' => true );
	}

	/**
	 * Attachment ids with a suggestion waiting, newest first, limited to those the user may edit
	 * (an author sees her own uploads; an editor or administrator everyone's).
	 */
	public static function pending_ids( $user_id = null ) {
		global $wpdb;
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT p.ID FROM {$wpdb->posts} p JOIN {$wpdb->postmeta} m ON m.post_id = p.ID AND m.meta_key = %s
				 WHERE p.post_type = 'attachment' ORDER BY p.ID DESC",
				self::META
			)
		);
		$user_id = null === $user_id ? get_current_user_id() : (int) $user_id;
		return array_values(
			array_filter(
				array_map( 'intval', $ids ),
				function ( $id ) use ( $user_id ) {
					return user_can( $user_id, 'edit_post', $id );
				}
			)
		);
	}

	/**
	 * What the readings disagree on, one plain-text line each: "Colour: 2 of 3 readings say red, 1
	 * says orange". Model text: the caller escapes it for where it goes (the review screen renders it
	 * as text).
	 *
	 * @return string[]
	 */
	public static function readings( array $suggestion ) {
		$uncertain = isset( $suggestion['uncertain'] ) && is_array( $suggestion['uncertain'] ) ? $suggestion['uncertain'] : array();
		$lines     = array();
		$kinds     = self::claim_kinds();
		foreach ( $uncertain as $entry ) {
			$samples = isset( $suggestion['samples'] ) && $suggestion['samples'] ? (int) $suggestion['samples'] : array_sum( array_column( $entry['readings'], 'count' ) );
			$parts   = array();
			foreach ( $entry['readings'] as $index => $reading ) {
				$parts[] = 0 === $index
					/* translators: 1: readings that say it, 2: readings made, 3: what they say */
					? sprintf( __( '%1$d of %2$d readings say %3$s', 'altwise' ), $reading['count'], $samples, $reading['value'] )
					/* translators: 1: readings that say it, 2: what they say */
					: sprintf( _n( '%1$d says %2$s', '%1$d say %2$s', $reading['count'], 'altwise' ), $reading['count'], $reading['value'] );
			}
			$lines[] = $kinds[ $entry['kind'] ] . ': ' . implode( ', ', $parts );
		}
		return $lines;
	}

	/** What the readings disagree on, kept only in the shape the API documents (kind, readings: value, count). */
	private static function uncertain( $uncertain ) {
		$kept  = array();
		$kinds = self::claim_kinds();
		foreach ( array_slice( (array) $uncertain, 0, 20 ) as $entry ) {
			if ( ! is_array( $entry ) || ! isset( $entry['kind'], $entry['readings'] ) || ! is_string( $entry['kind'] ) || ! isset( $kinds[ $entry['kind'] ] ) || ! is_array( $entry['readings'] ) ) {
				continue;
			}
			$readings = array();
			foreach ( array_slice( $entry['readings'], 0, 10 ) as $reading ) {
				if ( is_array( $reading ) && isset( $reading['value'], $reading['count'] ) && is_scalar( $reading['value'] ) && (int) $reading['count'] > 0 ) {
					$readings[] = array(
						'value' => mb_substr( preg_replace( '/\s+/u', ' ', (string) $reading['value'] ), 0, 200 ),
						'count' => (int) $reading['count'],
					);
				}
			}
			if ( count( $readings ) > 1 ) {
				$kept[] = array(
					'kind'     => (string) $entry['kind'],
					'readings' => $readings,
				);
			}
		}
		return $kept;
	}

	/** Only what the screen needs of an issue, so the stored meta stays small. */
	private static function issues( $issues ) {
		$kept = array();
		foreach ( (array) $issues as $issue ) {
			if ( ! is_array( $issue ) ) {
				continue;
			}
			$kept[] = array(
				'id'       => isset( $issue['id'] ) ? (string) $issue['id'] : ( isset( $issue['rule'] ) ? (string) $issue['rule'] : '' ),
				'severity' => isset( $issue['severity'] ) ? (string) $issue['severity'] : 'info',
				'message'  => isset( $issue['message'] ) ? (string) $issue['message'] : '',
			);
		}
		return $kept;
	}
}
