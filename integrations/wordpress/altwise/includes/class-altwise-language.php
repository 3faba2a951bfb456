<?php
/**
 * The language an image's alt text is written in: the post's language from a multilingual plugin
 * when one says so through its public functions (Polylang, WPML), else the site's locale. Answered
 * as a BCP-47 tag ("fr-FR") as the Altwise API expects, never a WordPress locale ("fr_FR").
 */
class Altwise_Language {
	public static function for_attachment( $attachment_id ) {
		$attachment_id = (int) $attachment_id;
		$parent        = (int) wp_get_post_parent_id( $attachment_id );
		foreach ( array_filter( array( $attachment_id, $parent ) ) as $post_id ) {
			$locale = self::multilingual_locale( $post_id );
			if ( $locale ) {
				return self::to_bcp47( $locale );
			}
		}
		return self::to_bcp47( get_locale() );
	}

	private static function multilingual_locale( $post_id ) {
		if ( function_exists( 'pll_get_post_language' ) ) {
			$locale = pll_get_post_language( $post_id, 'locale' );
			if ( is_string( $locale ) && '' !== $locale ) {
				return $locale;
			}
		}
		// WPML answers through a filter; with WPML absent the filter returns the default (null).
		$details = apply_filters( 'wpml_post_language_details', null, $post_id );
		if ( is_array( $details ) ) {
			if ( ! empty( $details['locale'] ) ) {
				return $details['locale'];
			}
			if ( ! empty( $details['language_code'] ) ) {
				return $details['language_code'];
			}
		}
		return null;
	}

	/** "fr_FR" → "fr-FR", "de_DE_formal" → "de-DE", "" → "en". */
	public static function to_bcp47( $locale ) {
		$parts = array_values( array_filter( explode( '_', str_replace( '-', '_', (string) $locale ) ) ) );
		if ( empty( $parts ) || ! preg_match( '/^[a-zA-Z]{2,3}$/', $parts[0] ) ) {
			return 'en';
		}
		$tag = strtolower( $parts[0] );
		if ( isset( $parts[1] ) && preg_match( '/^[a-zA-Z0-9]{2,8}$/', $parts[1] ) ) {
			$tag .= '-' . ( 2 === strlen( $parts[1] ) ? strtoupper( $parts[1] ) : $parts[1] );
		}
		return $tag;
	}
}
