package br.com.lojaapi.gateway.axon;

import br.com.lojaapi.command.armazenamento.ArmazenamentoDeEventos;
import br.com.lojaapi.command.armazenamento.MemoriaDeAgregados;
import br.com.lojaapi.command.armazenamento.ViolacaoDeChavePostgres;
import br.com.lojaapi.command.armazenamento.InstanteIso;
import br.com.lojaapi.command.comum.Snapshots;
import br.com.lojaapi.command.entrega.AssociacoesDoLote;
import br.com.lojaapi.command.entrega.EntregaSaga;
import br.com.lojaapi.gateway.banco.BancoDaAplicacao;
import br.com.lojaapi.gateway.banco.DisponibilidadeDoBanco;
import br.com.lojaapi.gateway.banco.LinhaDoTempo;
import br.com.lojaapi.gateway.banco.OuvinteDeNotificacoes;
import br.com.lojaapi.query.comum.AvisosDeLeitura;
import br.com.lojaapi.query.comum.IndicesGlobais;
import br.com.lojaapi.query.processamento.EventStoreDespertavel;
import br.com.lojaapi.query.processamento.IdentidadeDoNo;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import org.axonframework.common.AxonThreadFactory;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.eventhandling.EventBusSpanFactory;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.SnapshotterSpanFactory;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.messaging.annotation.HandlerDefinition;
import org.axonframework.messaging.annotation.ParameterResolverFactory;
import org.axonframework.modelling.saga.repository.SagaStore;
import org.axonframework.modelling.saga.repository.jdbc.JdbcSagaStore;
import org.axonframework.modelling.saga.repository.jdbc.PostgresSagaSqlSchema;
import org.axonframework.modelling.saga.repository.jdbc.SagaSchema;
import org.axonframework.modelling.saga.repository.jdbc.SagaSqlSchema;
import org.axonframework.serialization.RevisionResolver;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.spring.eventsourcing.SpringAggregateSnapshotter;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Axon on PostgreSQL without Axon Server: JDBC event store, token store and saga store on tables that Flyway
 * owns (snake_case, bytea), Jackson for every serializer, and the event store that wakes the pooled processors
 * as soon as events exist (see {@link ConfiguracaoDeProcessadores}).
 */
@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
public class ConfiguracaoAxon {

    /**
     * The JSON of stored events is a contract with the past, so its mapper is built here from nothing rather than
     * copied from Spring's REST mapper: the REST mapper is deliberately strict with clients (no coercion, nulls
     * refused for primitives, text checks), and an event written before a field was added must still load after.
     * A golden-file test serialises every event with exactly this mapper. Instants in the form they are written in
     * are read without the general date parser ({@link InstanteIso}).
     */
    public static ObjectMapper mapperDeEventos() {
        return JsonMapper.builder()
                         .addModule(new JavaTimeModule())
                         .addModule(InstanteIso.modulo(InstantDeserializer.INSTANT))
                         .addModule(new Jdk8Module())
                         .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                         .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                         .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                         .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                         .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                         .build();
    }

    public static Serializer serializadorJackson(RevisionResolver revisoes) {
        return JacksonSerializer.builder()
                                .objectMapper(mapperDeEventos())
                                .revisionResolver(revisoes)
                                .build();
    }

    @Bean
    @Primary
    Serializer serializer(RevisionResolver revisoes) {
        return serializadorJackson(revisoes);
    }

    @Bean
    @Qualifier("messageSerializer")
    Serializer messageSerializer(Serializer serializer) {
        return serializer;
    }

    @Bean
    @Qualifier("eventSerializer")
    Serializer eventSerializer(Serializer serializer) {
        return serializer;
    }

    @Bean
    EventSchema eventSchema() {
        return EventSchema.builder()
                          .eventTable("domain_event_entry")
                          .snapshotTable("snapshot_event_entry")
                          .globalIndexColumn("global_index")
                          .timestampColumn("time_stamp")
                          .eventIdentifierColumn("event_identifier")
                          .aggregateIdentifierColumn("aggregate_identifier")
                          .sequenceNumberColumn("sequence_number")
                          .typeColumn("type")
                          .payloadTypeColumn("payload_type")
                          .payloadRevisionColumn("payload_revision")
                          .payloadColumn("payload")
                          .metaDataColumn("meta_data")
                          .build();
    }

    @Bean
    TokenSchema tokenSchema() {
        return TokenSchema.builder()
                          .setTokenTable("token_entry")
                          .setProcessorNameColumn("processor_name")
                          .setSegmentColumn("segment")
                          .setTokenColumn("token")
                          .setTokenTypeColumn("token_type")
                          .setTimestampColumn("timestamp")
                          .setOwnerColumn("owner")
                          .build();
    }

    /**
     * Each running application claims segments under its own node id. Axon's default (pid@host) would be shared
     * by two applications in one JVM, and both would then believe they own the same segments. {@code NODE_NAME}
     * (say node1) makes the id readable in {@code /admin/projecoes}; the random part stays, so two processes given
     * the same name, or a node restarted, never share an id.
     */
    @Bean
    IdentidadeDoNo identidadeDoNo(@Value("${loja.nos.nome:}") String nome) {
        if (nome.strip().length() > 100) {
            throw new IllegalStateException("NODE_NAME passa de 100 caracteres");
        }
        String prefixo = nome.isBlank() ? ManagementFactory.getRuntimeMXBean().getName() : nome.strip();
        return new IdentidadeDoNo(prefixo + "/" + UUID.randomUUID().toString().substring(0, 8));
    }

    @Bean
    TokenStore tokenStore(ConnectionProvider conexoes, Serializer serializer, TokenSchema schema, IdentidadeDoNo no,
                          @Value("${axon.eventhandling.tokenstore.claim-timeout:10s}") Duration claimTimeout) {
        return JdbcTokenStore.builder()
                             .connectionProvider(conexoes)
                             .serializer(serializer)
                             .schema(schema)
                             .claimTimeout(claimTimeout)
                             .nodeId(no.id())
                             .contentType(byte[].class)
                             .build();
    }

    @Bean
    SagaSqlSchema sagaSqlSchema() {
        return new PostgresSagaSqlSchema(SagaSchema.builder()
                                                   .sagaEntryTable("saga_entry")
                                                   .associationValueEntryTable("association_value_entry")
                                                   .sagaIdColumn("saga_id")
                                                   .sagaTypeColumn("saga_type")
                                                   .revisionColumn("revision")
                                                   .serializedSagaColumn("serialized_saga")
                                                   .associationKeyColumn("association_key")
                                                   .associationValueColumn("association_value")
                                                   .build());
    }

    /**
     * Axon's JDBC saga store, whose association lookups for the delivery saga are read once per processor batch
     * ({@link AssociacoesDoLote}).
     */
    @Bean
    SagaStore<Object> sagaStore(ConnectionProvider conexoes, Serializer serializer, SagaSqlSchema schema) {
        JdbcSagaStore jdbc = JdbcSagaStore.builder()
                                          .connectionProvider(conexoes)
                                          .sqlSchema(schema)
                                          .serializer(serializer)
                                          .build();
        return new AssociacoesDoLote(jdbc, conexoes, serializer.typeForClass(EntregaSaga.class).getName());
    }

    /**
     * Products are the hot aggregates (every order appends to each product it sells): a snapshot every
     * {@code loja.snapshots.produto} events keeps loading one cheap however long its stream.
     */
    @Bean(Snapshots.PRODUTO)
    SnapshotTriggerDefinition gatilhoDeSnapshotDeProduto(Snapshotter snapshotter,
                                                         @Value("${loja.snapshots.produto:50}") int eventos) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, eventos);
    }

    /**
     * Axon's snapshotter with its own thread instead of the caller's. On the caller's thread the snapshot would be
     * written inside the order's still-open transaction (the command's unit of work joins it and "commits" first),
     * so a snapshot that failed would fail the order. On its own thread it runs in its own transaction and reads
     * only committed events; a failure is logged and the next trigger tries again. Snapshots are an optimisation:
     * one lost on shutdown costs nothing.
     */
    @Bean(destroyMethod = "")
    SpringAggregateSnapshotter aggregateSnapshotter(Configuration configuration, HandlerDefinition handlerDefinition,
                                                    ParameterResolverFactory parameterResolverFactory,
                                                    EventStore eventStore, TransactionManager transactionManager,
                                                    SnapshotterSpanFactory spanFactory) {
        ExecutorService executor = Executors.newSingleThreadExecutor(new AxonThreadFactory("snapshotter"));
        configuration.onShutdown(executor::shutdown);
        return SpringAggregateSnapshotter.builder()
                                         .repositoryProvider(configuration::repository)
                                         .transactionManager(transactionManager)
                                         .eventStore(eventStore)
                                         .parameterResolverFactory(parameterResolverFactory)
                                         .handlerDefinition(handlerDefinition)
                                         .spanFactory(spanFactory)
                                         .executor(executor)
                                         .build();
    }

    @Bean
    PersistenceExceptionResolver persistenceExceptionResolver() {
        return new ViolacaoDeChavePostgres();
    }

    @Bean
    ArmazenamentoDeEventos eventStorageEngine(Serializer serializer,
                                          @Qualifier("eventSerializer") Serializer eventSerializer,
                                          PersistenceExceptionResolver resolver,
                                          Configuration configuration,
                                          ConnectionProvider conexoes,
                                          TransactionManager transacoes,
                                          EventSchema schema,
                                          MemoriaDeAgregados memoria, IndicesGlobais indices,
                                          LinhaDoTempo linhaDoTempo,
                                          @Value("${loja.eventos.lote-de-leitura:100}") int loteDeLeitura) {
        return new ArmazenamentoDeEventos(JdbcEventStorageEngine.builder()
                                     .batchSize(loteDeLeitura)
                                     // An aggregate's sequence numbers have no gaps (one unique key, appends
                                     // commit whole), so a short batch is its last: loading an aggregate is one
                                     // query, not Axon's JDBC default of reading on until an empty batch.
                                     .finalAggregateBatchPredicate(lote -> lote.size() < loteDeLeitura)
                                     .snapshotSerializer(serializer)
                                     .eventSerializer(eventSerializer)
                                     .upcasterChain(configuration.upcasterChain())
                                     .snapshotFilter(configuration.snapshotFilter())
                                     .persistenceExceptionResolver(resolver)
                                     .connectionProvider(conexoes)
                                     .transactionManager(transacoes)
                                     .schema(schema), transacoes, schema, memoria,
                (tipo, agregado, sequencia, indice, evento) -> {
                    indices.anotar(agregado, sequencia, indice);
                    linhaDoTempo.lido(tipo, agregado, sequencia, indice, evento);
                });
    }

    @Qualifier("eventStore")
    @Bean(name = "eventBus")
    EventStoreDespertavel eventStore(EventStorageEngine storageEngine,
                                     Configuration configuration,
                                     @Value("${loja.eventos.busca-ociosa-ms:1000}") long buscaOciosaMs,
                                     @Value("${loja.eventos.em-memoria:1000}") int emMemoria) {
        // The events kept for the processors that tail the head: Axon's default of 10,000 outlived several young
        // collections under load, so every event was copied into the old generation (decision 088). Axon takes 0 too,
        // which keeps no list at all.
        if (emMemoria < 1) {
            throw new IllegalStateException("loja.eventos.em-memoria deve ser pelo menos 1, não " + emMemoria);
        }
        EmbeddedEventStore.Builder builder = EmbeddedEventStore.builder()
                                                               .storageEngine(storageEngine)
                                                               .fetchDelay(buscaOciosaMs)
                                                               .cachedEvents(emMemoria)
                                                               .messageMonitor(configuration.messageMonitor(
                                                                       EventStore.class, "eventStore"))
                                                               .spanFactory(configuration.getComponent(
                                                                       EventBusSpanFactory.class));
        return new EventStoreDespertavel(builder);
    }

    @Bean
    FonteComAviso fonteComAviso(EventStoreDespertavel eventStore) {
        return new FonteComAviso(eventStore);
    }

    @Bean
    SentinelaDeEventos sentinelaDeEventos(EventStoreDespertavel eventStore, FonteComAviso fonte) {
        return new SentinelaDeEventos(eventStore, fonte);
    }

    @Bean
    AvisosDeLeitura avisosDeLeitura() {
        return new AvisosDeLeitura();
    }

    @Bean
    OuvinteDeNotificacoes ouvinteDeNotificacoes(BancoDaAplicacao banco, DisponibilidadeDoBanco disponibilidade,
                                                EventStoreDespertavel eventStore, AvisosDeLeitura avisos) {
        return new OuvinteDeNotificacoes(banco.url(), disponibilidade, Map.of(
                "eventos_novos", payload -> eventStore.acordar(),
                "leitura_atualizada", avisos::notificar));
    }
}
