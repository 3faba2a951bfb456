<?php
/**
 * A small client of the Altwise REST API (any instance: self-hosted or hosted), on the WordPress
 * HTTP API. Every answer is decoded JSON or a WP_Error whose data says whether trying again later
 * can help (`retryable`): a server that is down, slow, overloaded or out of quota, as opposed to a
 * request it refused.
 */
class Altwise_Client {
	/** @var string */
	private $base_url;
	/** @var string */
	private $api_key;
	/** @var callable (method, url, args) => array{status:int, body:string}|WP_Error */
	private $transport;

	public function __construct( $base_url, $api_key, $transport = null ) {
		$this->base_url  = rtrim( (string) $base_url, '/' );
		$this->api_key   = (string) $api_key;
		$this->transport = $transport ? $transport : array( __CLASS__, 'safe_wordpress_transport' );
	}

	/**
	 * The default transport: wp_safe_remote_request (WordPress refuses private, loopback and
	 * link-local addresses, and ports other than 80, 443 and 8080), proxies and HTTP filters of the site applying.
	 */
	public static function safe_wordpress_transport( $method, $url, array $args ) {
		return self::send( 'wp_safe_remote_request', $method, $url, $args );
	}

	/** wp_remote_request, any address: only when the operator allowed a private server (Settings). */
	public static function wordpress_transport( $method, $url, array $args ) {
		return self::send( 'wp_remote_request', $method, $url, $args );
	}

	private static function send( callable $request, $method, $url, array $args ) {
		$response = $request(
			$url,
			array(
				'method'      => $method,
				'headers'     => $args['headers'],
				'body'        => isset( $args['body'] ) ? $args['body'] : null,
				'timeout'     => isset( $args['timeout'] ) ? $args['timeout'] : 30,
				'redirection' => 0,
			)
		);
		if ( is_wp_error( $response ) ) {
			return $response;
		}
		return array(
			'status' => (int) wp_remote_retrieve_response_code( $response ),
			'body'   => (string) wp_remote_retrieve_body( $response ),
		);
	}

	/** The caller's plan and quota windows (Settings → Altwise → Test connection, an admin request: bounded). */
	public function usage( $timeout = 10 ) {
		return $this->request( 'GET', '/api/v1/usage?range=24h', null, array(), $timeout );
	}

	/**
	 * What the server runs on ({ visionModel }): the public GET /api/v1/demo, the same answer the
	 * landing page reads. visionModel false: the offline describer writes drafts.
	 */
	public function server_info( $timeout = 10 ) {
		return $this->request( 'GET', '/api/v1/demo', null, array(), $timeout );
	}

	/**
	 * Describes an image file: its bytes are uploaded (the server never needs to reach this site).
	 *
	 * @param string $path    A local file.
	 * @param array  $options context, language, maxLength, verify (several readings).
	 */
	public function describe_file( $path, array $options = array() ) {
		$bytes = @file_get_contents( $path ); // phpcs:ignore -- a missing file is answered as an error below.
		if ( false === $bytes ) {
			return new WP_Error( 'altwise_file_missing', 'The image file could not be read.', array( 'retryable' => false ) );
		}
		$boundary = 'altwise' . bin2hex( random_bytes( 12 ) );
		$fields   = array();
		foreach ( array( 'context', 'language', 'maxLength' ) as $name ) {
			if ( isset( $options[ $name ] ) && '' !== (string) $options[ $name ] ) {
				$fields[ $name ] = (string) $options[ $name ];
			}
		}
		if ( ! empty( $options['verify'] ) ) {
			$fields['verify'] = 'true';
		}
		$body = self::multipart_body( $boundary, $fields, basename( $path ), self::mime_type( $path ), $bytes );
		return $this->request(
			'POST',
			'/api/v1/images',
			$body,
			array(
				'Content-Type'    => 'multipart/form-data; boundary=' . $boundary,
				// The same upload retried after a timeout is answered again, not charged twice.
				'Idempotency-Key' => isset( $options['idempotencyKey'] ) ? $options['idempotencyKey'] : hash( 'sha256', $bytes . wp_json_encode( $fields ) ),
			),
			60
		);
	}

	/** The checker's verdict on an alt text: { wcagCompliant, issues }. */
	public function check( $alt_text, $language = null, $timeout = 30 ) {
		$body = array( 'altText' => (string) $alt_text );
		if ( $language ) {
			$body['language'] = $language;
		}
		return $this->request( 'POST', '/api/v1/alt-text/check', wp_json_encode( $body ), array( 'Content-Type' => 'application/json' ), $timeout );
	}

	/** Starts a bulk job over image URLs: items are { imageUrl, id, context }; verify: several readings of each. */
	public function create_job( array $items, $language = null, $idempotency_key = null, $timeout = 30, $verify = false ) {
		$body = array( 'items' => array_values( $items ) );
		if ( $language ) {
			$body['language'] = $language;
		}
		if ( $verify ) {
			$body['verify'] = true;
		}
		$headers = array( 'Content-Type' => 'application/json' );
		if ( $idempotency_key ) {
			$headers['Idempotency-Key'] = $idempotency_key;
		}
		return $this->request( 'POST', '/api/v1/jobs', wp_json_encode( $body ), $headers, $timeout );
	}

	public function get_job( $job_id, $timeout = 30 ) {
		return $this->request( 'GET', '/api/v1/jobs/' . rawurlencode( $job_id ), null, array(), $timeout );
	}

	public function job_results( $job_id, $cursor = null, $timeout = 30 ) {
		$query = '?limit=500&status=succeeded' . ( $cursor ? '&cursor=' . rawurlencode( $cursor ) : '' );
		return $this->request( 'GET', '/api/v1/jobs/' . rawurlencode( $job_id ) . '/results' . $query, null, array(), $timeout );
	}

	/**
	 * One call: JSON in, decoded JSON out, or a WP_Error carrying the HTTP status, the API's error
	 * code and message, and whether a retry later can succeed.
	 */
	public function request( $method, $path, $body = null, array $headers = array(), $timeout = 30 ) {
		$headers = array_merge(
			array(
				'Accept'     => 'application/json',
				'X-API-Key'  => $this->api_key,
				'User-Agent' => 'Altwise-WordPress/' . ( defined( 'ALTWISE_VERSION' ) ? ALTWISE_VERSION : 'dev' ),
			),
			$headers
		);
		$response = call_user_func(
			$this->transport,
			$method,
			$this->base_url . $path,
			array(
				'headers' => $headers,
				'body'    => $body,
				'timeout' => $timeout,
			)
		);
		if ( is_wp_error( $response ) ) {
			return new WP_Error(
				'altwise_unreachable',
				'Altwise could not be reached: ' . $this->unreachable_reason( $response ),
				array(
					'retryable' => true,
					'status'    => 0,
					// The transport's own words ("cURL error 7: …"), for whoever debugs it; screens show them apart.
					'detail'    => $response->get_error_message(),
				)
			);
		}
		$status  = (int) $response['status'];
		$decoded = json_decode( (string) $response['body'], true );
		if ( $status >= 200 && $status < 300 ) {
			if ( ! is_array( $decoded ) ) {
				return new WP_Error( 'altwise_bad_answer', 'Altwise answered something that is not JSON.', array( 'retryable' => true, 'status' => $status ) );
			}
			return $decoded;
		}
		$code    = isset( $decoded['error']['code'] ) ? (string) $decoded['error']['code'] : 'http_' . $status;
		$message = isset( $decoded['error']['message'] ) ? (string) $decoded['error']['message'] : 'Altwise answered HTTP ' . $status . '.';
		return new WP_Error(
			'altwise_' . $code,
			$message,
			array(
				'status'    => $status,
				'retryable' => $status >= 500 || 429 === $status || 408 === $status || 409 === $status,
			)
		);
	}

	/**
	 * Why the server could not be reached, as a person setting up the plugin can act on it. WordPress
	 * reports every transport failure as http_request_failed, so the cURL error number in its message
	 * (or WordPress's own refusal of an unsafe address) is what tells the cases apart.
	 */
	private function unreachable_reason( WP_Error $error ) {
		$detail = $error->get_error_message();
		$parts  = wp_parse_url( $this->base_url );
		$host   = is_array( $parts ) && isset( $parts['host'] ) ? $parts['host'] : $this->base_url;
		$origin = is_array( $parts ) && isset( $parts['scheme'] ) ? $parts['scheme'] . '://' . $host . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' ) : $this->base_url;
		if ( __( 'A valid URL was not provided.' ) === $detail || 'A valid URL was not provided.' === $detail ) {
			return 'WordPress refused the address: it is on a private or local network, or uses a port other than 80, 443 or 8080. For an Altwise server in your own network, turn on "Allow a server on a private or local network address" in Settings → Altwise.';
		}
		$curl = preg_match( '/cURL error (\d+)/', $detail, $match ) ? (int) $match[1] : 0;
		switch ( $curl ) {
			case 6:
				return sprintf( 'No server named %s could be found. Check the Server URL for a typing mistake.', $host );
			case 7:
				return sprintf( 'Nothing answered at %s. Check the Server URL and that the Altwise server is running.', $origin );
			case 28:
				return 'The server took too long to answer. Try again in a moment; if it keeps happening, check the Server URL.';
			case 35:
			case 51:
			case 58:
			case 60:
			case 77:
			case 83:
				return "A secure (HTTPS) connection could not be made: the server's certificate was not accepted. Check the Server URL, or your Altwise server's certificate.";
		}
		return 'The connection failed. Check the Server URL and that the Altwise server is running.';
	}

	public static function is_retryable( $error ) {
		if ( ! is_wp_error( $error ) ) {
			return false;
		}
		$data = $error->get_error_data();
		return is_array( $data ) && ! empty( $data['retryable'] );
	}

	private static function mime_type( $path ) {
		$type = function_exists( 'wp_check_filetype' ) ? wp_check_filetype( $path ) : array( 'type' => '' );
		return ! empty( $type['type'] ) ? $type['type'] : 'application/octet-stream';
	}

	/** multipart/form-data by hand: the HTTP API sends a string body as it is. */
	public static function multipart_body( $boundary, array $fields, $file_name, $mime, $bytes ) {
		$body = '';
		foreach ( $fields as $name => $value ) {
			$body .= '--' . $boundary . "\r\n";
			$body .= 'Content-Disposition: form-data; name="' . $name . "\"\r\n\r\n";
			$body .= $value . "\r\n";
		}
		$safe_name = str_replace( array( '"', "\r", "\n", '\\' ), '_', $file_name );
		$body     .= '--' . $boundary . "\r\n";
		$body     .= 'Content-Disposition: form-data; name="file"; filename="' . $safe_name . "\"\r\n";
		$body     .= 'Content-Type: ' . $mime . "\r\n\r\n";
		$body     .= $bytes . "\r\n";
		$body     .= '--' . $boundary . "--\r\n";
		return $body;
	}
}
