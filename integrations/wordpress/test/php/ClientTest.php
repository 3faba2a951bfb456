<?php
use PHPUnit\Framework\TestCase;

class ClientTest extends TestCase {
	public function test_uploads_the_file_bytes_with_language_and_context_and_the_key() {
		$fake   = new FakeAltwise( array( 'POST /api/v1/images' => FakeAltwise::result( 'A red square' ) ) );
		$file   = tempnam( sys_get_temp_dir(), 'img' ) . '.png';
		$bytes  = "\x89PNG\r\n\x1a\nfake-bytes";
		file_put_contents( $file, $bytes );
		$result = $fake->client()->describe_file( $file, array( 'language' => 'fr-FR', 'context' => 'Le "Blog"' ) );

		$this->assertSame( 'A red square', $result['altText'] );
		$call = $fake->calls[0];
		$this->assertSame( 'http://altwise.test/api/v1/images', $call['url'] );
		$this->assertSame( 'aw_test_key_1234', $call['args']['headers']['X-API-Key'] );
		$this->assertMatchesRegularExpression( '#^multipart/form-data; boundary=(\S+)$#', $call['args']['headers']['Content-Type'] );
		$this->assertNotEmpty( $call['args']['headers']['Idempotency-Key'] );
		$body = $call['args']['body'];
		$this->assertStringContainsString( "name=\"language\"\r\n\r\nfr-FR\r\n", $body );
		$this->assertStringContainsString( "name=\"context\"\r\n\r\nLe \"Blog\"\r\n", $body );
		$this->assertStringContainsString( 'name="file"; filename="' . basename( $file ) . '"', $body );
		$this->assertStringContainsString( "Content-Type: image/png\r\n\r\n" . $bytes . "\r\n", $body );
	}

	public function test_a_server_that_cannot_be_reached_or_is_overloaded_is_worth_retrying() {
		$fake = new FakeAltwise(
			array(
				'GET /api/v1/usage'   => FakeAltwise::down(),
				'GET /api/v1/jobs/.*' => array( 503, array( 'error' => array( 'code' => 'database_unavailable', 'message' => 'Try again' ) ) ),
			)
		);
		$down = $fake->client()->usage();
		$this->assertWPError( $down, 'altwise_unreachable' );
		$this->assertTrue( Altwise_Client::is_retryable( $down ) );
		$busy = $fake->client()->get_job( 'j1' );
		$this->assertWPError( $busy, 'altwise_database_unavailable' );
		$this->assertTrue( Altwise_Client::is_retryable( $busy ) );
	}

	/** Issue 35 row 20: a wrong Server URL is said in words; the transport's text is kept apart, as detail. */
	public function test_an_unreachable_server_is_said_plainly_and_the_technical_detail_is_kept_apart() {
		$cases = array(
			'cURL error 7: Failed to connect to altwise.test port 80 after 0 ms: Connection refused' => 'Nothing answered at http://altwise.test.',
			'cURL error 6: Could not resolve host: altwise.test'                                  => 'No server named altwise.test could be found.',
			'cURL error 28: Operation timed out after 10001 milliseconds with 0 bytes received'   => 'The server took too long to answer.',
			'cURL error 60: SSL certificate problem: self-signed certificate'                     => 'A secure (HTTPS) connection could not be made',
			__( 'A valid URL was not provided.' )                                                 => 'WordPress refused the address',
			'Something nobody foresaw'                                                            => 'Check the Server URL',
		);
		foreach ( $cases as $detail => $plain ) {
			$fake  = new FakeAltwise( array( 'GET /api/v1/usage' => new WP_Error( 'http_request_failed', $detail ) ) );
			$error = $fake->client()->usage();
			$this->assertWPError( $error, 'altwise_unreachable' );
			$this->assertStringStartsWith( 'Altwise could not be reached: ', $error->get_error_message() );
			$this->assertStringContainsString( $plain, $error->get_error_message(), $detail );
			$this->assertStringNotContainsString( 'cURL', $error->get_error_message() );
			$this->assertStringNotContainsString( $detail, $error->get_error_message() );
			$this->assertSame( $detail, $error->get_error_data()['detail'] );
			$this->assertTrue( Altwise_Client::is_retryable( $error ) );
		}
	}

	public function test_a_refused_request_carries_the_api_message_and_is_not_retried() {
		$fake  = new FakeAltwise( array( 'POST /api/v1/jobs' => array( 403, array( 'error' => array( 'code' => 'plan_required', 'message' => 'Bulk jobs need Pro' ) ) ) ) );
		$error = $fake->client()->create_job( array( array( 'imageUrl' => 'https://example.com/a.png' ) ), 'en' );
		$this->assertWPError( $error, 'altwise_plan_required' );
		$this->assertSame( 'Bulk jobs need Pro', $error->get_error_message() );
		$this->assertSame( 403, $error->get_error_data()['status'] );
		$this->assertFalse( Altwise_Client::is_retryable( $error ) );
		$this->assertSame( array( 'imageUrl' => 'https://example.com/a.png' ), json_decode( $fake->calls[0]['args']['body'], true )['items'][0] );
	}

	public function test_the_key_is_never_shown_in_full() {
		Altwise_Settings::update( array( 'api_key' => 'aw_live_secret_value_9f3c' ) );
		$this->assertSame( '••••••••9f3c', Altwise_Settings::masked_key() );
		$this->assertStringNotContainsString( 'secret_value', Altwise_Settings::masked_key() );
	}

	public function test_locales_become_bcp47_tags() {
		$this->assertSame( 'fr-FR', Altwise_Language::to_bcp47( 'fr_FR' ) );
		$this->assertSame( 'de-DE', Altwise_Language::to_bcp47( 'de_DE_formal' ) );
		$this->assertSame( 'ja', Altwise_Language::to_bcp47( 'ja' ) );
		$this->assertSame( 'en', Altwise_Language::to_bcp47( '' ) );
	}

	public function test_a_multilingual_plugin_language_wins_over_the_site_locale() {
		$id = FakeAltwise::attachment( 'Fromage' );
		$this->assertSame( 'en-US', Altwise_Language::for_attachment( $id ) );
		$wpml = function ( $details, $post_id ) use ( $id ) {
			return $post_id === $id ? array( 'locale' => 'fr_FR', 'language_code' => 'fr' ) : $details;
		};
		add_filter( 'wpml_post_language_details', $wpml, 10, 2 );
		try {
			$this->assertSame( 'fr-FR', Altwise_Language::for_attachment( $id ) );
		} finally {
			remove_filter( 'wpml_post_language_details', $wpml, 10 );
		}
	}

	private function assertWPError( $value, $code ) {
		$this->assertInstanceOf( WP_Error::class, $value );
		$this->assertSame( $code, $value->get_error_code() );
	}
}
