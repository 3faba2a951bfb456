<?php
/**
 * The plugin's settings, kept in one option. The API key is stored as given (WordPress has no
 * secret store) and is never printed back in full: forms show its last four characters only.
 */
class Altwise_Settings {
	const OPTION = 'altwise_settings';

	/** Suggestions wait for a person in the review queue. */
	const MODE_REVIEW = 'review';
	/** Model-written suggestions go straight into the alt text (drafts still wait for review). */
	const MODE_PUBLISH = 'publish';

	public static function defaults() {
		return array(
			'url'          => '',
			'api_key'      => '',
			'mode'         => self::MODE_REVIEW,
			'on_upload'    => true,
			'update_posts' => true,
			// A server on a private or loopback address (an intranet instance) is reached only when allowed here.
			'allow_private' => false,
			// Several readings of each image (each charged): an alt whose readings disagree waits for a person.
			'verify'        => false,
		);
	}

	public static function all() {
		$stored = get_option( self::OPTION, array() );
		return array_merge( self::defaults(), is_array( $stored ) ? $stored : array() );
	}

	public static function get( $name ) {
		$all = self::all();
		return isset( $all[ $name ] ) ? $all[ $name ] : null;
	}

	public static function update( array $changes ) {
		update_option( self::OPTION, array_merge( self::all(), $changes ), false );
	}

	/**
	 * The settings form, sanitised by the caller: url, api_key ('' keeps the stored key), mode,
	 * on_upload, update_posts, allow_private, verify. A key belongs to the server it was made on: saving
	 * another Server URL without a key drops the stored one, so it can never be sent to the new
	 * address. Returns whether it was dropped (the screen then asks for a key).
	 */
	public static function save_form( array $form ) {
		$changes = array(
			'url'           => (string) $form['url'],
			'mode'          => self::MODE_PUBLISH === $form['mode'] ? self::MODE_PUBLISH : self::MODE_REVIEW,
			'on_upload'     => (bool) $form['on_upload'],
			'update_posts'  => (bool) $form['update_posts'],
			'allow_private' => (bool) $form['allow_private'],
			'verify'        => ! empty( $form['verify'] ),
		);
		$dropped = false;
		if ( '' !== $form['api_key'] ) {
			$changes['api_key'] = (string) $form['api_key'];
		} elseif ( $changes['url'] !== self::get( 'url' ) && '' !== self::get( 'api_key' ) ) {
			$changes['api_key'] = '';
			$dropped            = true;
		}
		self::update( $changes );
		return $dropped;
	}

	public static function is_connected() {
		return '' !== self::get( 'url' ) && '' !== self::get( 'api_key' );
	}

	/** "••••••••abcd": enough to tell keys apart, never enough to use one. */
	public static function masked_key() {
		$key = (string) self::get( 'api_key' );
		if ( '' === $key ) {
			return '';
		}
		return str_repeat( '•', 8 ) . substr( $key, -4 );
	}

	/** A client for the configured server, or null before the connection is set up. */
	public static function client() {
		if ( ! self::is_connected() ) {
			return null;
		}
		$transport = self::get( 'allow_private' ) ? array( 'Altwise_Client', 'wordpress_transport' ) : array( 'Altwise_Client', 'safe_wordpress_transport' );
		return new Altwise_Client( self::get( 'url' ), self::get( 'api_key' ), $transport );
	}
}
