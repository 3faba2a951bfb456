<?php
/**
 * WP-CLI: `wp altwise backfill [--dry-run] [--limit=<n>] [--no-poor] [--rejected]`.
 */
class Altwise_CLI {
	/** @var callable Where lines go (WP_CLI::log, or a test's collector). */
	private $out;

	public function __construct( $out = null ) {
		$this->out = $out ? $out : array( 'WP_CLI', 'log' );
	}

	/**
	 * Finds images without alt text (and human alt the checker rates poor) and suggests alt text.
	 *
	 * ## OPTIONS
	 *
	 * [--dry-run]
	 * : Count only; send nothing.
	 *
	 * [--limit=<n>]
	 * : At most this many images.
	 *
	 * [--no-poor]
	 * : Leave existing alt text alone, even when the checker rates it poor.
	 *
	 * [--rejected]
	 * : Also ask again for images whose suggestion was rejected earlier.
	 *
	 * @param array $args       Positional arguments.
	 * @param array $assoc_args Options.
	 */
	public function backfill( $args, $assoc_args ) {
		$client = Altwise_Settings::client();
		if ( ! $client ) {
			return $this->fail( 'Connect Altwise first (Settings → Altwise).' );
		}
		$limit        = isset( $assoc_args['limit'] ) ? max( 0, (int) $assoc_args['limit'] ) : 0;
		$include_poor = ! isset( $assoc_args['poor'] ) || false !== $assoc_args['poor'];
		$rejected     = isset( $assoc_args['rejected'] );
		if ( isset( $assoc_args['dry-run'] ) ) {
			$count = Altwise_Backfill::count( $client, $include_poor, $limit );
			$this->line( sprintf( 'Dry run: %d images without alt text, %d with poor alt text would be sent (%d alt texts checked).', $count['missing'], $count['poor'], $count['checked'] ) );
			if ( $count['rejected'] > 0 ) {
				$this->line( sprintf( '%d rejected earlier: %s.', $count['rejected'], $rejected ? 'they would be asked again' : 'not sent; --rejected asks again' ) );
			}
			return $count;
		}
		$state = Altwise_Backfill::start( $client, $include_poor, $limit, 0, $rejected );
		if ( is_wp_error( $state ) ) {
			return $this->fail( $state->get_error_message() );
		}
		$this->line( sprintf( 'Backfill started: %d images. Suggestions land in Media → Alt text review.', $state['total'] ) );
		return $state;
	}

	private function line( $text ) {
		call_user_func( $this->out, $text );
	}

	private function fail( $message ) {
		if ( class_exists( 'WP_CLI' ) && array( 'WP_CLI', 'log' ) === $this->out ) {
			WP_CLI::error( $message );
		}
		$this->line( 'Error: ' . $message );
		return new WP_Error( 'altwise_cli', $message );
	}
}
