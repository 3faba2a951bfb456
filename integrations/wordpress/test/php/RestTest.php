<?php
use PHPUnit\Framework\TestCase;

/** Thrown instead of wp_die()'s exit, carrying the status the page would have answered. */
class AltwiseDied extends RuntimeException {
}

/**
 * The review screen's REST routes and the settings forms, called as WordPress dispatches them: an
 * author never sees or acts on another person's image (404, as if it did not exist), and only
 * manage_options runs backfills or changes settings (403); the forms need their nonces.
 */
class RestTest extends TestCase {
	/** @var int */
	private static $author;
	/** @var int */
	private static $other_author;
	/** @var int */
	private $theirs;
	/** @var int */
	private $mine;

	public static function setUpBeforeClass(): void {
		self::$author       = self::user( 'rest-author', 'author' );
		self::$other_author = self::user( 'rest-other', 'author' );
	}

	private static function user( $login, $role ) {
		$existing = get_user_by( 'login', $login );
		return $existing ? $existing->ID : wp_insert_user( array( 'user_login' => $login, 'user_pass' => wp_generate_password(), 'user_email' => "$login@example.com", 'role' => $role ) );
	}

	protected function setUp(): void {
		Altwise_Settings::update( array( 'url' => 'http://altwise.test', 'api_key' => 'aw_test_key_1234', 'on_upload' => false ) );
		delete_option( Altwise_Backfill::STATE_OPTION );
		$this->theirs = $this->suggested( self::$other_author, 'Their harbour' );
		$this->mine   = $this->suggested( self::$author, 'My harbour' );
		add_filter( 'wp_die_handler', array( $this, 'die_handler' ) );
		add_filter( 'pre_http_request', array( $this, 'no_network' ) );
	}

	protected function tearDown(): void {
		remove_filter( 'wp_die_handler', array( $this, 'die_handler' ) );
		remove_filter( 'pre_http_request', array( $this, 'no_network' ) );
		unset( $_POST['_wpnonce'], $_REQUEST['_wpnonce'], $_POST['altwise_url'] );
		wp_set_current_user( 1 );
	}

	public function no_network() {
		return new WP_Error( 'blocked', 'no network in this test' );
	}

	public function die_handler() {
		return function ( $message, $title = '', $args = array() ) {
			$status = is_array( $args ) && isset( $args['response'] ) ? (int) $args['response'] : 500;
			throw new AltwiseDied( is_string( $message ) ? $message : 'died', $status );
		};
	}

	private function suggested( $owner, $title ) {
		wp_set_current_user( $owner );
		$id = FakeAltwise::attachment( $title );
		wp_update_post( array( 'ID' => $id, 'post_author' => $owner ) );
		Altwise_Suggestions::receive( $id, FakeAltwise::result( 'Boats in ' . $title )[1], 'upload' );
		return $id;
	}

	private function call( $method, $route, array $body = array() ) {
		$request = new WP_REST_Request( $method, '/altwise/v1' . $route );
		foreach ( $body as $name => $value ) {
			$request->set_param( $name, $value );
		}
		return rest_do_request( $request );
	}

	public function test_an_author_sees_only_her_own_suggestions_and_another_persons_is_a_404() {
		wp_set_current_user( self::$author );
		$listed = array_column( $this->call( 'GET', '/suggestions' )->get_data()['items'], 'id' );
		$this->assertContains( $this->mine, $listed );
		$this->assertNotContains( $this->theirs, $listed );

		foreach ( array( array( 'POST', "/suggestions/{$this->theirs}/accept" ), array( 'POST', "/suggestions/{$this->theirs}/reject" ), array( 'GET', "/suggestions/{$this->theirs}/posts" ), array( 'POST', "/queue/{$this->theirs}/retry" ) ) as $route ) {
			$response = $this->call( $route[0], $route[1], array( 'altText' => 'Mine now' ) );
			$this->assertSame( 404, $response->get_status(), implode( ' ', $route ) );
			$this->assertSame( 'altwise_not_found', $response->get_data()['code'] );
		}
		$bulk = $this->call( 'POST', '/suggestions/bulk', array( 'action' => 'accept', 'ids' => array( $this->theirs, $this->mine ) ) )->get_data();
		$this->assertSame( array( $this->mine ), $bulk['done'] );
		$this->assertSame( array( $this->theirs ), $bulk['failed'] );

		$this->assertSame( '', Altwise_Suggestions::current_alt( $this->theirs ), 'nothing was written on their image' );
		$this->assertSame( 'Boats in Their harbour', Altwise_Suggestions::get( $this->theirs )['text'], 'their suggestion still waits' );
		$this->assertSame( 'Boats in My harbour', Altwise_Suggestions::current_alt( $this->mine ) );

		// The administrator reaches everyone's.
		wp_set_current_user( 1 );
		$this->assertSame( 200, $this->call( 'POST', "/suggestions/{$this->theirs}/accept" )->get_status() );
	}

	public function test_without_manage_options_no_backfill_and_no_settings() {
		wp_set_current_user( self::$author );
		foreach ( array( array( 'POST', '/backfill/count' ), array( 'POST', '/backfill' ), array( 'GET', '/backfill' ) ) as $route ) {
			$response = $this->call( $route[0], $route[1] );
			$this->assertSame( 403, $response->get_status(), implode( ' ', $route ) );
			$this->assertSame( 'rest_forbidden', $response->get_data()['code'] );
		}
		$this->assertFalse( get_option( Altwise_Backfill::STATE_OPTION ), 'no backfill started' );

		$_POST['altwise_url'] = 'http://evil.test';
		foreach ( array( 'save_settings', 'test_connection' ) as $action ) {
			try {
				call_user_func( array( 'Altwise_Admin', $action ) );
				$this->fail( "$action answered an author" );
			} catch ( AltwiseDied $died ) {
				$this->assertSame( 403, $died->getCode(), $action );
			}
		}
		$this->assertSame( 'http://altwise.test', Altwise_Settings::get( 'url' ) );
	}

	public function test_the_settings_forms_need_their_nonce_even_from_an_administrator() {
		wp_set_current_user( 1 );
		$_POST['altwise_url'] = 'http://evil.test';
		foreach ( array( 'save_settings', 'test_connection' ) as $action ) {
			$_POST['_wpnonce']    = 'forged';
			$_REQUEST['_wpnonce'] = 'forged';
			try {
				call_user_func( array( 'Altwise_Admin', $action ) );
				$this->fail( "$action ran without a valid nonce" );
			} catch ( AltwiseDied $died ) {
				$this->assertSame( 403, $died->getCode(), $action );
			}
		}
		$this->assertSame( 'http://altwise.test', Altwise_Settings::get( 'url' ) );
	}
	/** Issue 35 row 20: a wide text banner is previewed whole (not a 150 px square crop), and the full image is a link away. */
	public function test_a_suggestion_is_previewed_uncropped_with_the_full_image_at_hand() {
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$uploads = wp_upload_dir();
		$file    = $uploads['path'] . '/banner-' . wp_generate_password( 6, false ) . '.png';
		$image   = imagecreatetruecolor( 900, 150 );
		imagefill( $image, 0, 0, imagecolorallocate( $image, 30, 30, 200 ) );
		imagepng( $image, $file );
		$id = wp_insert_attachment( array( 'post_title' => 'Sale banner', 'post_mime_type' => 'image/png', 'post_status' => 'inherit' ), $file );
		wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
		Altwise_Suggestions::receive( $id, FakeAltwise::result( 'Summer sale: 20% off' )[1], 'upload' );

		wp_set_current_user( 1 );
		$items = array_column( $this->call( 'GET', '/suggestions' )->get_data()['items'], null, 'id' );
		$this->assertSame( wp_get_attachment_url( $id ), $items[ $id ]['fullImage'] );
		$this->assertStringEndsWith( '-300x50.png', $items[ $id ]['thumbnail'], 'the medium size keeps the proportions; "thumbnail" is a square crop' );
	}
}
